import { addDays, toIsoDate, zonedInstant } from '@high5/contract';

/**
 * A recurring job: every N minutes (aligned to the clock), or once a day at a wall-clock time in
 * a time zone. `name` identifies the schedule across processes; `kind` is the job it enqueues.
 */
export type ScheduleDefinition = { name: string; kind: string; payload?: Record<string, unknown> } & (
  { everyMinutes: number } | { dailyAt: string; timeZone: string }
);

/** The first run time strictly after `after`. */
export function nextRun(definition: ScheduleDefinition, after: Date): Date {
  if ('everyMinutes' in definition) {
    const period = definition.everyMinutes * 60_000;
    return new Date(Math.floor(after.getTime() / period) * period + period);
  }
  const today = toIsoDate(after, definition.timeZone);
  for (let day = 0; day < 3; day++) {
    const at = zonedInstant(addDays(today, day), definition.dailyAt, definition.timeZone);
    if (at > after) return at;
  }
  throw new Error(`schedule ${definition.name} has no next run`);
}
