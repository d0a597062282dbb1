/** What the browser says of the viewer's connection (the Network Information API, Chromium's). */
export type ConnectionHints = { saveData: boolean; effectiveType: string | null };

type NetworkInformationLike = { saveData?: boolean; effectiveType?: string };

/** The connection's hints as the browser gives them now; nothing known where it gives none. */
export function readConnectionHints(): ConnectionHints {
  const connection =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return {
    saveData: connection?.saveData === true,
    effectiveType: typeof connection?.effectiveType === 'string' ? connection.effectiveType : null,
  };
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);

/**
 * Whether playback starts on the lowest rung: the viewer asked to save data (the browser's
 * Save-Data, or our data saver), or the connection is too slow for more.
 */
export function shouldStartAtLowest(hints: ConnectionHints, { isDataSaverOn }: { isDataSaverOn: boolean }) {
  return (
    isDataSaverOn ||
    hints.saveData ||
    (hints.effectiveType !== null && SLOW_CONNECTIONS.has(hints.effectiveType))
  );
}

/** Why the player starts low, in the viewer's words; null when it does not. */
export function explainLowStart(hints: ConnectionHints, { isDataSaverOn }: { isDataSaverOn: boolean }) {
  if (isDataSaverOn) return 'Data saver is on: the video starts at its lowest quality.';
  if (hints.saveData) return 'Your browser asks to save data: the video starts at its lowest quality.';
  if (shouldStartAtLowest(hints, { isDataSaverOn })) {
    return 'Your connection is slow: the video starts at its lowest quality.';
  }
  return null;
}
