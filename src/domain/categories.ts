/** The 21 category identifiers of the spec (§2.2), exact and case-sensitive. */
export const CATEGORY_IDS = [
  'commonNameBySchool',
  'commonNameBySchoolByYear',
  'intro',
  'longestNames',
  'mostConstantSchools',
  'namesDiversity',
  'namesDiversityByYear',
  'newNamesByYear',
  'newSchoolsByYear',
  'outro',
  'schoolsEvolution',
  'surnamesDiversity',
  'surnamesDiversityByYear',
  'topNames',
  'topNamesByYear',
  'topSchools',
  'topSchoolsByYear',
  'topSurnames',
  'topSurnamesByYear',
  'totalParticipants',
  'totalParticipantsByYear',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

const categorySet: ReadonlySet<string> = new Set(CATEGORY_IDS);

export function isCategoryId(value: string): value is CategoryId {
  return categorySet.has(value);
}

export const GLOBAL_YEAR = 'global';
