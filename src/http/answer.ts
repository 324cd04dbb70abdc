// data-catalogue.ts and data-package.ts still import the answer from here.
export * from '../answer/answer.js';
