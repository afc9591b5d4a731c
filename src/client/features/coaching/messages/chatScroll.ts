import { useCallback, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from './conversation';

/** This close to the bottom, the list follows the newest message. */
const AT_BOTTOM_PX = 24;

/**
 * Keeps a conversation's scroll where a reader expects it, with the oldest message at the top: it opens at the newest
 * message; an older page added above, or anything above the view growing, leaves the messages in view where they
 * were; a new message keeps the list at the bottom when it was there, and leaves it alone when she has scrolled up
 * to read (her own new message always brings her down to it). `box` is the scrolling element, `content` the one
 * element inside it; `onScroll` goes on the box.
 */
export function useChatScroll(messages: readonly ChatMessage[] | undefined, userId: number) {
  const box = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // How far from the bottom the reader was, as last seen: what changes above the view keeps it.
  const fromBottom = useRef(0);
  const newestId = useRef<number | null>(null);

  const remember = useCallback(() => {
    const element = box.current;
    if (element) fromBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight;
  }, []);

  const restore = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const distance = fromBottom.current <= AT_BOTTOM_PX ? 0 : fromBottom.current;
    element.scrollTop = element.scrollHeight - element.clientHeight - distance;
    remember();
  }, [remember]);

  // Before the browser paints the new list: no frame shows it at the wrong place.
  useLayoutEffect(() => {
    if (!messages) return;
    // Stored newest first (conversation.ts): the newest is the first.
    const newest = messages[0];
    const newestChanged = newest !== undefined && newest.Id !== newestId.current;
    newestId.current = newest?.Id ?? null;
    if (newestChanged && newest.FromUserId === userId && newest.pendingSend) fromBottom.current = 0;
    else if (newestChanged && fromBottom.current > AT_BOTTOM_PX) {
      // Something new below while she reads further up: the view stays put.
      remember();
      return;
    }
    restore();
  }, [messages, userId, remember, restore]);

  // The box or its content changes size without a new message (the editor's code arriving beside it, a picture
  // loading, the window turning): the same distance from the bottom, so the bottom stays in view.
  useLayoutEffect(() => {
    const observer = new ResizeObserver(restore);
    for (const element of [box.current, content.current]) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [restore]);

  return { box, content, onScroll: remember };
}
