import { playNotes } from '../../../components/sounds';

/** The chat's sounds (spec §9), made like the course's with the Web Audio API: nothing to download. */
const INCOMING_VOLUME = 0.3;
const OWN_SEND_VOLUME = 0.5;

/** Two soft rising notes: a message arrived. */
export const playIncoming = () =>
  playNotes(
    [
      { frequency: 880, start: 0, length: 0.12 },
      { frequency: 1318.5, start: 0.1, length: 0.22 },
    ],
    INCOMING_VOLUME,
  );

/** A short blip: your message went out. */
export const playSent = () =>
  playNotes([{ frequency: 660, start: 0, length: 0.09, type: 'triangle' }], OWN_SEND_VOLUME);
