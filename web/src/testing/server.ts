import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The MSW server of unit tests; unknown requests fail the test. */
export const server = setupServer(...handlers);
