import { UserType } from '../../../../shared/domain/roles';
import { action, isAdmin } from '../../../platform/authorize';
import type { Target } from './users';

export const viewAsActions = {
  /** Administrators (type 2, not coaches) view as students, and as nobody else (docs/decisions.md). */
  start: action<Target>(
    'Only administrators may view as a user, and only as a student',
    (actor, target) => isAdmin(actor) && target.user_type === UserType.student && actor.id !== target.id,
  ),
  /** The log of view-as uses is for administrators alone. */
  readLog: action('Only administrators read the view-as log', (actor) => isAdmin(actor)),
};
