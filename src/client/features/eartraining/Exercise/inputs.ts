import { useEffect, useRef, useState } from 'react';
import { keyToMidi, pianoKeys, shiftOctave } from '../../../../shared/domain/eartraining/keymap';

/** What a note came from, for the time from the press to the note. */
export type NoteHandler = (midi: number, eventTime: number) => void;

/** The latest handler, without the listeners depending on it. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The computer keyboard as a piano (shared/domain/eartraining/keymap.ts): a key sounds in its keydown handler,
 * before React renders anything, so the note's onset is the audio clock's. Z and X move the keys an octave. Not
 * while typing in a field, with a modifier held, or while `enabled` is false (a dialog is open).
 */
export function useComputerKeys(opts: {
  enabled: boolean;
  lowestC: number;
  onOctave(lowestC: number): void;
  onNote: NoteHandler;
}) {
  const latest = useLatest(opts);
  useEffect(() => {
    if (!opts.enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const { lowestC, onNote, onOctave } = latest.current;
      const midi = keyToMidi(event.code, lowestC);
      if (midi !== null) {
        event.preventDefault();
        onNote(midi, event.timeStamp);
        return;
      }
      const shifted = shiftOctave(lowestC, event.code);
      if (shifted !== lowestC) {
        event.preventDefault();
        onOctave(shifted);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [opts.enabled, latest]);
}

/** The English keyboard's characters of the piano keys, shown until the browser tells the keyboard's own. */
const usLabels: Record<string, string> = { Semicolon: ';', Quote: "'" };
const usLabel = (code: string) => usLabels[code] ?? code.replace('Key', '');

interface LayoutMap {
  get(code: string): string | undefined;
}
type KeyboardApi = { getLayoutMap?: () => Promise<LayoutMap> };

/** Each piano key's character on this computer's keyboard (Ö and Ä on a Swedish one), where the browser says. */
export function useKeyLabels(): Record<string, string> {
  const [labels, setLabels] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.keys(pianoKeys).map((code) => [code, usLabel(code)])),
  );
  useEffect(() => {
    const keyboard = (navigator as Navigator & { keyboard?: KeyboardApi }).keyboard;
    if (!keyboard?.getLayoutMap) return;
    let current = true;
    keyboard.getLayoutMap().then(
      (map) => {
        if (!current) return;
        setLabels(
          Object.fromEntries(
            Object.keys(pianoKeys).map((code) => [code, (map.get(code) ?? usLabel(code)).toUpperCase()]),
          ),
        );
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return labels;
}

export type MidiStatus = 'idle' | 'unsupported' | 'connected' | 'none' | 'denied';

/**
 * A MIDI keyboard through Web MIDI, connected when the learner asks (the browser may ask her to allow it): every
 * note-on of every input plays. Where the browser has no Web MIDI (Safari) the status says so from the start.
 */
export function useMidi(onNote: NoteHandler) {
  const latest = useLatest(onNote);
  const supported = typeof navigator !== 'undefined' && typeof navigator.requestMIDIAccess === 'function';
  const [status, setStatus] = useState<MidiStatus>(supported ? 'idle' : 'unsupported');
  const [names, setNames] = useState<string[]>([]);
  const access = useRef<MIDIAccess | null>(null);

  useEffect(
    () => () => {
      for (const input of access.current?.inputs.values() ?? []) input.onmidimessage = null;
    },
    [],
  );

  const connect = async () => {
    if (!supported) return;
    try {
      const midi = await navigator.requestMIDIAccess();
      access.current = midi;
      const attach = () => {
        const inputs = [...midi.inputs.values()];
        for (const input of inputs) {
          input.onmidimessage = (message) => {
            const [command = 0, note = 0, velocity = 0] = message.data ?? [];
            // Note on (0x9n) with a velocity; a note on at velocity 0 is a note off.
            if ((command & 0xf0) === 0x90 && velocity > 0) latest.current(note, message.timeStamp);
          };
        }
        setNames(inputs.map((input) => input.name ?? 'MIDI'));
        setStatus(inputs.length > 0 ? 'connected' : 'none');
      };
      attach();
      midi.onstatechange = attach;
    } catch (error) {
      console.warn('MIDI refused', error);
      setStatus('denied');
    }
  };

  return { status, names, connect };
}
