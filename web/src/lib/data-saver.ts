import { readStored, useStoredChoice } from './use-stored-choice';

// The key the audio player always kept its switch under: a listener's choice made before
// it became everyone's setting still holds.
const DATA_SAVER_KEY = 'stagepass-audio-data-saver';
const DATA_SAVER_CHOICES = ['off', 'on'] as const;

/** Whether the viewer turned the data saver on (in settings, or beside a player), as it is now. */
export function readIsDataSaverOn(): boolean {
  return readStored(DATA_SAVER_KEY) === 'on';
}

/**
 * The data saver, one setting for every player (DESIGN.md "Media delivery": data costs fans
 * real money): the audio player plays its smaller file, the video player starts on the
 * lowest quality. Kept in this browser, the same in every tab.
 */
export function useDataSaver(): [isOn: boolean, setIsOn: (isOn: boolean) => void] {
  const [choice, choose] = useStoredChoice(DATA_SAVER_KEY, DATA_SAVER_CHOICES, 'off');
  return [choice === 'on', (isOn) => choose(isOn ? 'on' : 'off')];
}
