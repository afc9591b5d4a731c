import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Exercise } from '../../../shared/domain/eartraining/rounds';
import { defaultSettings, type ExerciseSettings, readSettings } from '../../../shared/domain/eartraining/settings';
import { storageKeys } from '../../../shared/domain/storage';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { storage } from '../../app/storage';
import { eartrainingKeys } from './keys';

type Stored = Partial<Record<Exercise, unknown>>;

/** A visitor's settings of an exercise from this browser, held to the contract's rules (else the defaults). */
const storedSettings = (exercise: Exercise): ExerciseSettings =>
  readSettings(storage.getJson<Stored>(storageKeys.earTrainingSettings, {})[exercise]) ?? defaultSettings;

function storeSettings(exercise: Exercise, settings: ExerciseSettings) {
  const all = storage.getJson<Stored>(storageKeys.earTrainingSettings, {});
  storage.setJson(storageKeys.earTrainingSettings, { ...all, [exercise]: settings });
}

export interface SettingsState {
  /** The settings in force; null while a signed-in learner's are being fetched. */
  settings: ExerciseSettings | null;
  failed: boolean;
  save(settings: ExerciseSettings): Promise<void>;
  saving: boolean;
}

/**
 * An exercise's settings: a signed-in learner's on her account (get_settings, save_settings), a visitor's in this
 * browser.
 */
export function useExerciseSettings(exercise: Exercise): SettingsState {
  const session = useSession();
  const userId = session.token ? (session.user?.Id ?? 0) : 0;
  const queryClient = useQueryClient();
  const [local, setLocal] = useState(() => storedSettings(exercise));
  const remote = useQuery({
    queryKey: eartrainingKeys.settings(exercise, userId),
    queryFn: async () => (await call('eartraining.php', 'get_settings', { Exercise: exercise })).Settings,
    enabled: userId !== 0,
  });
  const mutation = useMutation({
    mutationFn: async (settings: ExerciseSettings) =>
      (await call('eartraining.php', 'save_settings', { Exercise: exercise, Settings: settings })).Settings,
    onSuccess: (saved) => queryClient.setQueryData(eartrainingKeys.settings(exercise, userId), saved),
  });

  if (session.token === null) {
    return {
      settings: local,
      failed: false,
      saving: false,
      save: async (settings) => {
        storeSettings(exercise, settings);
        setLocal(settings);
      },
    };
  }
  return {
    settings: (remote.data as ExerciseSettings | undefined) ?? null,
    failed: remote.isError,
    saving: mutation.isPending,
    save: async (settings) => {
      await mutation.mutateAsync(settings);
    },
  };
}
