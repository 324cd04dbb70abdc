import { createContext, type ComponentChildren, type SVGAttributes } from 'preact';
import { useContext } from 'preact/hooks';
import { useLocale } from '../locale.js';

/** True around a chart drawn beside its table (a page's): its description says where the values are. */
export const TableBesideContext = createContext(false);

interface ChartSvgProps extends Omit<SVGAttributes<SVGSVGElement>, 'title'> {
  /** Names the title and the description: `{id}-title`, `{id}-desc`. */
  id: string;
  title: ComponentChildren;
  description: ComponentChildren;
  children: ComponentChildren;
}

/** A chart as one image, read by its title and description (`aria-labelledby` names both); the rest as given. */
export function ChartSvg({ id, title, description, children, ...svg }: ChartSvgProps) {
  const inTable = useContext(TableBesideContext) ? ` ${useLocale().texts.charts.inTable}` : '';
  return (
    <svg {...svg} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>
        {description}
        {inTable}
      </desc>
      {children}
    </svg>
  );
}
