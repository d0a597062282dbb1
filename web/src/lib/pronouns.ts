import type { TGender } from '@stagepass/contract/profiles';

export type Pronouns = { subject: string; object: string; possessive: string };

/** She/her for female, he/him/his for male, they/them/their otherwise (the spec's support text). */
export function readPronouns(gender: TGender | null): Pronouns {
  if (gender === 'female') return { subject: 'she', object: 'her', possessive: 'her' };
  if (gender === 'male') return { subject: 'he', object: 'him', possessive: 'his' };
  return { subject: 'they', object: 'them', possessive: 'their' };
}
