/** The part of shacl-engine (plain JavaScript, no types of its own) that test/support/shacl.ts uses. */
declare module 'shacl-engine' {
  import type { DatasetCore, Literal, NamedNode, Term } from '@rdfjs/types';

  interface Pointer {
    term: Term;
  }
  interface Result {
    severity: NamedNode;
    message: Literal[];
    path?: { predicates: Term[] }[];
    focusNode: Pointer;
    value?: Pointer;
  }
  export class Validator {
    constructor(shapes: DatasetCore, options: Record<string, unknown>);
    validate(data: { dataset: DatasetCore }): Promise<{ conforms: boolean; results: Result[] }>;
  }
}
declare module 'shacl-engine/sparql.js' {
  export const targetResolvers: Map<unknown, unknown>;
  export const validations: Map<unknown, unknown>;
}
