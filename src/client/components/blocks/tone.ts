import classes from './blocks.module.css';

export type Tone = 'teal' | 'red' | 'orange' | 'yellow' | 'grape';

/** A light badge or word in a tone's colour whose text keeps 4.5:1 contrast in both schemes. */
export const tone = (name: Tone) => ({ color: name, className: classes[name], c: 'var(--tone-text)' });

/** A light alert in a tone: its title in the tone's readable shade. */
export const alertTone = (name: Tone) => ({
  color: name,
  className: classes[name],
  styles: { title: { color: 'var(--tone-text)' } },
});

/** A word in a tone's readable colour (Text, not a badge). */
export const toneText = (name: Tone) => ({ className: classes[name], c: 'var(--tone-text)' });
