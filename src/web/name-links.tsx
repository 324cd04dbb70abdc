import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { NameKind } from '../domain/statistics/name-facts.js';

/** The address of a first name's or surname's page, or `undefined` when it has none (fewer than k children bear it). */
type NamePath = (kind: NameKind, name: string) => string | undefined;

/** Given by the site around each page, so that any list can link a name to its page. */
export const NamePathContext = createContext<NamePath>(() => undefined);

/** A first name or surname, linked to its page when it has one. */
export function PersonName({ kind, name }: { kind: NameKind; name: string }) {
  const path = useContext(NamePathContext)(kind, name);
  return path === undefined ? <>{name}</> : <a href={path}>{name}</a>;
}
