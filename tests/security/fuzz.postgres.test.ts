import { describe } from 'vitest';
import { testDialects } from '../support/databases';
import { fuzzEveryCall } from './support/fuzz';

// One database's run of support/fuzz.ts; the other database's is in a file of its own, which runs beside it.
describe.skipIf(!(await testDialects()).includes('postgres'))('postgres', () => fuzzEveryCall('postgres'));
