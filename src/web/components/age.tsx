import { formatAge, isoTime } from '../lib/format';

/**
 * A list cell's time: a relative age when recent, else a UTC date-time (see `formatAge`); the exact
 * ISO instant is in the tooltip and in `dateTime`, so nothing is lost by the shorter text.
 */
export function Age({ unix }: { unix: number }) {
  const iso = isoTime(unix);
  return (
    <time dateTime={iso} title={iso} data-testid="age">
      {formatAge(unix)}
    </time>
  );
}
