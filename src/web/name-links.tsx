import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { NameKind } from '../domain/statistics/name-facts.js';

/** A school on the pages being made: its page's address, its name in their language, summaries so named. */
export interface SchoolLinks {
  path(school: string): string | undefined;
  name(school: string): string;
  relabel(text: string): string;
}

/** Given by the site around each page; without it, schools by the lists' names, linked nowhere. */
export const SchoolContext = createContext<SchoolLinks>({
  path: () => undefined,
  name: (school) => school,
  relabel: (text) => text,
});

/** The address of a first name's or surname's page, or `undefined` when it has none (fewer than k children bear it). */
export const NamePathContext = createContext<(kind: NameKind, name: string) => string | undefined>(
  () => undefined,
);

const linked = (name: string, path: string | undefined) =>
  path === undefined ? <>{name}</> : <a href={path}>{name}</a>;

/** A school's name in the page's language, linked to its page when it has one. */
export function SchoolName({ name }: { name: string }) {
  const schools = useContext(SchoolContext);
  return linked(schools.name(name), schools.path(name));
}

/** A first name or surname, linked to its page when it has one. */
export function PersonName({ kind, name }: { kind: NameKind; name: string }) {
  return linked(name, useContext(NamePathContext)(kind, name));
}
