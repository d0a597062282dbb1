// Media times as the players show them (video and audio alike).

/** Seconds as a clock: 65 → '1:05', 3725 → '1:02:05'. Anything not a finite count reads as 0:00. */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The seek bar's spoken value: '1:05 of 3:00'. */
export function formatPositionText(position: number, duration: number): string {
  return `${formatClock(position)} of ${formatClock(duration)}`;
}
