import type { users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';

// The one shape of a person's row, shared by the test factories (people.ts) and the demo
// seed (modules/demo/), which makes the same people by the dozen in one insert. The seed
// ships with the server, so this file imports nothing of the tests.

type NewUser = typeof users.$inferInsert;

/**
 * A person's users row: in Zambia, email verified, a creator in music unless said
 * (role null: no account type chosen yet). Anything given replaces the defaults.
 */
export function personRow(
  person: Pick<NewUser, 'email' | 'username' | 'name'> & Partial<NewUser>,
): NewUser & { id: string } {
  const role = person.role === undefined ? 'creator' : person.role;
  return {
    id: createId(),
    countryCode: 'ZM',
    emailVerifiedAt: new Date(),
    category: role === 'creator' ? 'music artist' : null,
    ...person,
    role,
  };
}
