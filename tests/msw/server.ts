import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** One msw server for every unit/component test; unhandled requests fail the test. */
export const server = setupServer(...handlers);
