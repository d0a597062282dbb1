import { type Theme, useTheme } from '../../../lib/theme/theme-store';
import { RadioGroup } from '../../../ui/radio-group';
import { SettingsSection } from '../../../ui/settings-section';

const themes: { value: Theme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Light or dark, the same choice as the account menu's switch (lib/theme/theme-store.ts). */
export function AppearanceSection() {
  const { theme, setTheme } = useTheme();
  return (
    <SettingsSection title="Appearance">
      <RadioGroup
        legend="Theme"
        layout="columns"
        name="theme"
        choices={themes}
        value={theme}
        onChange={setTheme}
      />
    </SettingsSection>
  );
}
