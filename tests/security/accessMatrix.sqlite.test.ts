import { describe } from 'vitest';
import { testDialects } from '../support/databases';
import { accessMatrix } from './support/accessMatrix';

// One database's run of support/accessMatrix.ts; the other database's is in a file of its own, which runs beside it.
describe.skipIf(!(await testDialects()).includes('sqlite'))('sqlite', () => accessMatrix('sqlite'));
