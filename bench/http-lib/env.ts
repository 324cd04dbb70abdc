/**
 * A positive number from the environment (or 0, where `zero` says what 0 does), or the
 * fallback when unset or empty.
 */
export function envNumber(name: string, fallback: number, { zero = false } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero))
    throw new Error(`${name} must be a positive number${zero ? ' or 0' : ''}, got '${raw}'`);
  return value;
}
