import { useQuery } from '@tanstack/react-query';
import { readPeaks } from '../player/waveform-bars';
import { waveformQueryKey } from './player-query-keys';

/** The seek bar's peaks, from the track's waveform file ({ peaks: number[] }); [] when it cannot be read. */
export async function fetchWaveformPeaks(url: string, { signal }: { signal?: AbortSignal } = {}) {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`The waveform answered ${response.status}.`);
  return readPeaks(await response.json());
}

/** Cached by the audio file, not its address: a fresh signature does not fetch it again. */
export function useWaveformPeaks(publicId: string | undefined, url: string | null | undefined) {
  return useQuery({
    queryKey: waveformQueryKey(publicId ?? ''),
    queryFn: ({ signal }) => fetchWaveformPeaks(url ?? '', { signal }),
    enabled: Boolean(publicId && url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
