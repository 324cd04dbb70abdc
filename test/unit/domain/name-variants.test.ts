import { describe, expect, it } from 'vitest';
import { oneEditApart, suggestedKeys, variantKey } from '../../../src/domain/name-variants.js';

describe('variantKey', () => {
  it.each([
    ['etxeberria', 'echeverria'],
    ['goikoetxea', 'goicoechea'],
    ['kerejeta', 'querejeta'],
    ['zelaia', 'celaya'],
    ['gerrikabeitia', 'guerricabeitia'],
    ['ainoa', 'ainhoa'],
    ['bidaurre', 'vidaurre'],
  ])('%j and %j are one name', (basque, spanish) => {
    expect(variantKey(basque)).toBe(variantKey(spanish));
  });

  it.each([
    ['ane', 'ana'],
    ['garcia', 'garza'],
    ['etxeberria', 'etxebarria'],
  ])('%j and %j stay apart', (a, b) => {
    expect(variantKey(a)).not.toBe(variantKey(b));
  });
});

describe('oneEditApart', () => {
  it.each([
    ['anee', 'ane'],
    ['ane', 'anne'],
    ['naia', 'nahia'],
    ['ane', 'ana'],
    ['ainhoa', 'ainhao'],
    ['mikel', 'imkel'],
  ])('%j and %j are one edit apart', (a, b) => {
    expect(oneEditApart(a, b)).toBe(true);
    expect(oneEditApart(b, a)).toBe(true);
  });

  it.each([
    ['ane', 'ane'],
    ['ane', 'a'],
    ['ane', 'anetxe'],
    ['mikel', 'mireia'],
    ['amaia', 'maiaa'],
  ])('%j and %j are not', (a, b) => {
    expect(oneEditApart(a, b)).toBe(false);
  });
});

describe('suggestedKeys', () => {
  const keys = ['ana', 'ander', 'ane', 'anne', 'etxeberria', 'june', 'maialen'];

  it('suggests the names that begin with what is typed, not the name itself', () => {
    expect(suggestedKeys(keys, 'an')).toEqual(['ana', 'ane', 'ander', 'anne']);
  });

  it('suggests the names one edit away from a typo', () => {
    expect(suggestedKeys(keys, 'anee')).toEqual(['ane', 'anne']);
  });

  it('suggests another spelling of the name first', () => {
    expect(suggestedKeys(keys, 'echeverria')).toEqual(['etxeberria']);
  });

  it('suggests nothing for nothing typed, or for nothing close', () => {
    expect(suggestedKeys(keys, '')).toEqual([]);
    expect(suggestedKeys(keys, 'xabier')).toEqual([]);
  });
});
