import { useQuery } from '@tanstack/react-query';
import type { CallAnswer } from '../../../shared/contract/define';
import type { eartraining } from '../../../shared/contract/eartraining/eartraining';
import type { Exercise } from '../../../shared/domain/eartraining/rounds';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { eartrainingKeys } from './keys';

/** The signed-in learner's results of an exercise (get_progress); not asked for a visitor, who has none kept. */
export function useProgress(exercise: Exercise) {
  const session = useSession();
  const userId = session.token ? (session.user?.Id ?? 0) : 0;
  return useQuery({
    queryKey: eartrainingKeys.progress(exercise, userId),
    queryFn: () => call('eartraining.php', 'get_progress', { Exercise: exercise }),
    enabled: userId !== 0,
  });
}

/** The site's xp rules of ear training: what a round earns. */
export const useXpRules = () =>
  useQuery({
    queryKey: eartrainingKeys.xpRules,
    queryFn: async () => (await call('eartraining.php', 'get_xp_rules', {})).Rules,
    staleTime: 5 * 60_000,
  });

/** A learner's results of an exercise as get_progress answers them. */
export type Results = CallAnswer<typeof eartraining.calls.get_progress>;

/** Right answers as a whole percentage of those given (0 of none). */
export const percent = (right: number, answered: number) => (answered === 0 ? 0 : Math.round((100 * right) / answered));
