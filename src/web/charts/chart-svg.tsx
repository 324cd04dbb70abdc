import type { ComponentChildren, SVGAttributes } from 'preact';

interface ChartSvgProps extends Omit<SVGAttributes<SVGSVGElement>, 'title'> {
  /** Names the title and the description: `{id}-title`, `{id}-desc`. */
  id: string;
  title: ComponentChildren;
  description: ComponentChildren;
  children: ComponentChildren;
}

/** A chart as one image, read by its title and description (`aria-labelledby` names both); the rest as given. */
export function ChartSvg({ id, title, description, children, ...svg }: ChartSvgProps) {
  return (
    <svg {...svg} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {children}
    </svg>
  );
}
