import { addDays, BASE, insertMany, type SeedContext } from './context';

/** Email preferences (anonymous links from emails). */
export async function seedEmailPreferences({ tx }: SeedContext) {
  // Email preferences (anonymous links from emails): code 'demo-code' valid, pending's expired.
  await insertMany(
    tx,
    'email_preferences',
    ['email', 'code', 'code_expires_at'],
    [
      ['owner@example.com', 'demo-code', addDays(new Date(), 3650)],
      ['submanager@example.com', 'demo-code', addDays(new Date(), 3650)],
      ['pending@example.com', 'expired-code', addDays(BASE, -30)],
    ],
  );
}
