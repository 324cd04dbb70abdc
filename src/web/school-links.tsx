import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The address of a school's page, or `undefined` when it has none. */
type SchoolPath = (school: string) => string | undefined;

/** Given by the site around each page, so that any component can link a school to its page. */
export const SchoolPathContext = createContext<SchoolPath>(() => undefined);

/** A school's name, linked to its page when it has one. */
export function SchoolName({ name }: { name: string }) {
  const path = useContext(SchoolPathContext)(name);
  return path === undefined ? <>{name}</> : <a href={path}>{name}</a>;
}
