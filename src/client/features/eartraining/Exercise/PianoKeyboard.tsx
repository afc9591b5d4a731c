import { type CSSProperties, type KeyboardEvent, useState } from 'react';
import { isBlackKey, midiLabel } from '../notes';
import classes from './piano.module.css';

export type KeyMark = 'root' | 'right' | 'wrong';

/**
 * An on-screen piano from `low` to `high` (MIDI notes; both white keys). A key sounds on pointer down (mouse, pen,
 * touch), not on release, and by keyboard: the keys are one stop of the Tab order, the arrow keys move between them
 * and Enter or Space plays the one focused. `labels` prints the computer key that plays a note on it.
 */
export function PianoKeyboard({
  low,
  high,
  onNote,
  marks,
  labels,
  label,
}: {
  low: number;
  high: number;
  onNote(midi: number, eventTime: number): void;
  marks: Partial<Record<number, KeyMark>>;
  labels: Partial<Record<number, string>>;
  label: string;
}) {
  const notes = Array.from({ length: high - low + 1 }, (_, i) => low + i);
  const whites = notes.filter((midi) => !isBlackKey(midi));
  const [focused, setFocused] = useState<number | null>(null);
  const current = focused !== null && focused >= low && focused <= high ? focused : (whites[0] ?? low);

  const move = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    let next: number | null = step === undefined ? null : current + step;
    if (event.key === 'Home') next = low;
    if (event.key === 'End') next = high;
    if (next === null || next < low || next > high) return;
    event.preventDefault();
    setFocused(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-midi="${next}"]`)?.focus();
  };

  return (
    <div className={classes.scroller}>
      <fieldset
        aria-label={label}
        className={classes.keyboard}
        style={{ '--white-count': whites.length } as CSSProperties}
        onKeyDown={move}
        data-testid="piano"
      >
        {notes.map((midi) => {
          const black = isBlackKey(midi);
          // A black key sits over the line after the white key below it.
          const whitesBelow = whites.filter((white) => white < midi).length;
          return (
            <button
              key={midi}
              type="button"
              className={black ? classes.black : classes.white}
              style={black ? ({ '--left': whitesBelow } as CSSProperties) : undefined}
              data-midi={midi}
              data-mark={marks[midi]}
              aria-label={midiLabel(midi)}
              tabIndex={midi === current ? 0 : -1}
              onFocus={() => setFocused(midi)}
              onPointerDown={(event) => {
                if (event.button !== 0) return;
                onNote(midi, event.timeStamp);
              }}
              // Enter or Space (a click with no pointer behind it); a pointer's click has sounded already.
              onClick={(event) => event.detail === 0 && onNote(midi, event.timeStamp)}
            >
              <span className={classes.keyLabel} aria-hidden>
                {labels[midi] ?? ''}
              </span>
              {!black && midi % 12 === 0 && (
                <span className={classes.octaveLabel} aria-hidden>
                  {midiLabel(midi)}
                </span>
              )}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
