import { type Theme, useTheme } from '../../../lib/theme/theme-store';
import { SettingsSection } from './settings-section';

const themes: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light or dark, the same choice as the account menu's switch (the app's theme store). */
export function AppearanceSection() {
  const { theme, setTheme } = useTheme();
  return (
    <SettingsSection title="Appearance">
      <fieldset className="radio-group radio-group--row">
        <legend className="field__label">Theme</legend>
        {themes.map((option) => (
          <label key={option.value} className="radio-option">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
            />
            <span className="radio-option__label">{option.label}</span>
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}
