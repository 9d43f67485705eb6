/** A day as a number on the time axis (ms at midnight UTC), so weeks are as wide as weeks. */
export const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The first day of each month from `from` to `to`: the time axis's ticks. */
export function monthTicks(from: string, to: string): number[] {
  const ticks: number[] = [];
  const at = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  const end = timeOf(to);
  while (at.getTime() <= end) {
    if (at.getTime() >= timeOf(from)) ticks.push(at.getTime());
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return ticks;
}

/** WCPM ticks from 0 past `top`, at a step a reader counts in. */
export function wcpmTicks(top: number): number[] {
  const step = top <= 60 ? 10 : top <= 160 ? 20 : 50;
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}
