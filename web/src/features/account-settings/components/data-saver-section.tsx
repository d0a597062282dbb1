import { useDataSaver } from '../../../lib/data-saver';
import { SettingsSection } from '../../../ui/settings-section';
import { Switch } from '../../../ui/switch';

/**
 * The data saver (lib/data-saver.ts), the same switch as the audio player's: on this device,
 * tracks play their smaller file and videos start on their lowest quality.
 */
export function DataSaverSection() {
  const [isOn, setIsOn] = useDataSaver();
  return (
    <SettingsSection title="Data">
      <Switch
        label="Data saver"
        isOn={isOn}
        onToggle={setIsOn}
        note="On this device, tracks play their smaller file and videos start at their lowest quality."
      />
    </SettingsSection>
  );
}
