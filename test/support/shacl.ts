import { readdirSync, readFileSync } from 'node:fs';
import jsonld from 'jsonld';
import { DataFactory, Parser, Store, type Quad } from 'n3';
import { Validator } from 'shacl-engine';
import { targetResolvers, validations } from 'shacl-engine/sparql.js';

/**
 * A JSON-LD document checked against vendored SHACL shapes (test/support/profiles/) by a
 * SHACL engine with SHACL-SPARQL (constraints and targets, which DCAT-AP-ES's shapes use):
 * what a harvester such as the national portal's validator reports.
 */

/** The shapes of a profile: every Turtle file of its folder under test/support/profiles/. */
export function profileShapes(folder: string): Store {
  const directory = new URL(`profiles/${folder}/`, import.meta.url);
  const shapes = new Store();
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.ttl')))
    shapes.addQuads(
      new Parser({ format: 'text/turtle' }).parse(readFileSync(new URL(file, directory), 'utf8')),
    );
  return shapes;
}

/** The document's RDF (its context inline: a loader that refuses every address proves nothing is fetched). */
export async function jsonLdQuads(document: object): Promise<Store> {
  const refuse = (url: string) => Promise.reject(new Error(`would fetch ${url}`));
  const nquads = (await jsonld.toRDF(document, {
    format: 'application/n-quads',
    documentLoader: refuse,
  })) as unknown as string;
  return new Store(new Parser({ format: 'application/n-quads' }).parse(nquads));
}

/** One result of a report, in words: its severity (`Violation`, `Warning`, `Info`), the shape's message, where. */
export interface ShaclResult {
  severity: string;
  message: string;
  path: string | undefined;
  focus: string;
  value: string | undefined;
}

const factory = { ...DataFactory, dataset: (quads?: Quad[]) => new Store(quads) };

/** Every result of validating `data` against `shapes`, each in words (the English message where there is one). */
export async function shaclResults(shapes: Store, data: Store): Promise<ShaclResult[]> {
  const validator = new Validator(shapes, { factory, targetResolvers, validations });
  const report = await validator.validate({ dataset: data });
  return report.results.map((result) => ({
    severity: result.severity.value.replace('http://www.w3.org/ns/shacl#', ''),
    message: (result.message.find((text) => text.language === 'en') ?? result.message[0])?.value ?? '',
    path: result.path?.map((step) => step.predicates.map((term) => term.value).join('|')).join('/'),
    focus: result.focusNode.term.value,
    value: result.value?.term?.value,
  }));
}
