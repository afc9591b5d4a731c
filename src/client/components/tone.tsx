import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './tone.module.css';

/** The tones of the platform's light badges, alerts and status words (tone.module.css gives each its text colour). */
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

/** A light badge in a tone (Mantine's own light teal, yellow and red fall under 4.5:1). */
export function ToneBadge({
  tone: name,
  ...props
}: BadgeProps & { tone: Tone; children: ReactNode; 'data-testid'?: string }) {
  return <Badge variant="light" {...tone(name)} {...props} />;
}
