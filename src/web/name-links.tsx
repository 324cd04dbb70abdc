import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { NameKind } from '../domain/statistics/name-facts.js';

/** The address of a school's page, or `undefined` when it has none; given by the site around each page. */
export const SchoolPathContext = createContext<(school: string) => string | undefined>(() => undefined);

/** The address of a first name's or surname's page, or `undefined` when it has none (fewer than k children bear it). */
export const NamePathContext = createContext<(kind: NameKind, name: string) => string | undefined>(
  () => undefined,
);

/** A name, linked to its page when it has one. */
const linked = (name: string, path: string | undefined) =>
  path === undefined ? <>{name}</> : <a href={path}>{name}</a>;

/** A school's name, linked to its page when it has one. */
export function SchoolName({ name }: { name: string }) {
  return linked(name, useContext(SchoolPathContext)(name));
}

/** A first name or surname, linked to its page when it has one. */
export function PersonName({ kind, name }: { kind: NameKind; name: string }) {
  return linked(name, useContext(NamePathContext)(kind, name));
}
