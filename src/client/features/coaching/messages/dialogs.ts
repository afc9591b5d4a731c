import { useSyncExternalStore } from 'react';

/**
 * Which message dialog is open: the chat with one user, or tech support. Anything may open them (the bell, the
 * help button of a course page, the drawer); the message centre in the top bar, loaded for signed-in users only,
 * draws them. This module stays tiny, so the pages and the drawer that import it carry no dialog code.
 */
export interface ChatTarget {
  /** The other side of the conversation; -1 for the system's messages, which cannot be answered. */
  userId: number;
  name: string;
  /** The course (and page) the conversation is about, when it starts from one. */
  courseId?: number | null;
  coursePartId?: number | null;
}

export interface MessageDialogs {
  chat: ChatTarget | null;
  support: boolean;
}

const closed: MessageDialogs = { chat: null, support: false };
let state = closed;
const listeners = new Set<() => void>();

function update(next: MessageDialogs) {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const openChat = (target: ChatTarget) => update({ ...state, chat: target });
export const closeChat = () => update({ ...state, chat: null });
export const openSupport = () => update({ ...state, support: true });
export const closeSupport = () => update({ ...state, support: false });
/** Signing out closes whatever was open. */
export const closeMessageDialogs = () => update(closed);

export function useMessageDialogs(): MessageDialogs {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => closed,
  );
}
