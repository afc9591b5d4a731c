import { sampleFor, sampleUrl } from '../../../../shared/domain/eartraining/samples';
import type { Sound } from '../../../../shared/domain/eartraining/settings';
import { SOUND_VOLUME } from '../../../../shared/domain/learning/xp';

/**
 * The exercises' instrument: the sampled piano (or a pure tone) on the Web Audio clock. Samples are fetched and
 * decoded before any gesture (an offline context decodes them), so the first gesture only starts the audio context
 * and the first note sounds at once; each note is scheduled at an exact time of the audio clock, never by a timer.
 * Every note scheduled is marked in the page's performance timeline (`eartraining:note`, its MIDI number and time in
 * its detail), which is how a test knows what was played without listening.
 */

/** A note to play: its MIDI number, when (seconds after the call) and for how long. */
export interface NoteEvent {
  midi: number;
  offset: number;
  length: number;
}

/** What the timeline mark of a note holds. */
export interface NoteMark {
  midi: number;
  /** The note's onset on the audio clock, and the audio clock when it was scheduled. */
  at: number;
  contextTime: number;
  /** The timestamp of the event that asked for the note (a key press), when one did. */
  eventTime: number | null;
}

export const NOTE_MARK = 'eartraining:note';
/** Seconds a note takes to fade out after its length: a damper coming down, not a click. */
const RELEASE = 0.25;
/** Scheduling a question this far ahead lets both of its notes be placed exactly on the clock. */
const LOOKAHEAD = 0.05;

let context: AudioContext | null = null;
/** When the last note scheduled has faded out, on the audio clock. */
let soundingUntil = 0;
let master: GainNode | null = null;
const voices = new Set<AudioScheduledSourceNode>();
const buffers = new Map<string, Promise<AudioBuffer>>();
/** The decoded samples by name, for scheduling a note without waiting on a promise. */
const loaded = new Map<string, AudioBuffer>();
let decoder: BaseAudioContext | null = null;

/**
 * Starts the audio (browsers allow it only from a user gesture: call it in the click or key handler); null where
 * the browser has no Web Audio. The master volume is spec §9's 0.3.
 */
export function startAudio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  try {
    if (!context) {
      context = new window.AudioContext({ latencyHint: 'interactive' });
      master = context.createGain();
      master.gain.value = SOUND_VOLUME;
      master.connect(context.destination);
    }
    if (context.state === 'suspended') void context.resume().catch(() => {});
    return context;
  } catch (error) {
    console.warn('audio unavailable', error);
    return null;
  }
}

/** Whether Web Audio exists here at all (it does in every current browser; an old or locked-down one says so). */
export const audioSupported = () => typeof window !== 'undefined' && typeof window.AudioContext === 'function';

function decodingContext(): BaseAudioContext {
  // Decoded buffers play in any context; an offline one decodes without waiting for a gesture.
  decoder ??= context ?? new OfflineAudioContext(1, 1, 44_100);
  return decoder;
}

function sample(name: string): Promise<AudioBuffer> {
  let buffer = buffers.get(name);
  if (!buffer) {
    buffer = fetch(sampleUrl(name))
      .then((response) => {
        if (!response.ok) throw new Error(`sample ${name}: ${response.status}`);
        return response.arrayBuffer();
      })
      .then((data) => decodingContext().decodeAudioData(data))
      .then((decoded) => {
        loaded.set(name, decoded);
        return decoded;
      });
    // A failed load is tried again next time rather than remembered.
    buffer.catch(() => buffers.delete(name));
    buffers.set(name, buffer);
  }
  return buffer;
}

/** The sample names the notes from `low` to `high` play from. */
export function samplesFor(low: number, high: number): string[] {
  const names = new Set<string>();
  for (let midi = low; midi <= high; midi++) names.add(sampleFor(midi).name);
  return [...names];
}

/**
 * Samples fetched at once at most: the page stays interactive while they arrive (a browser, and Lighthouse's
 * time-to-interactive, count a page with more requests in flight as still loading), and the notes asked first come
 * first.
 */
const PARALLEL_LOADS = 2;

/** Loads the samples of the notes from `low` to `high`, telling how many of how many are there as they arrive. */
export async function loadSamples(
  low: number,
  high: number,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const names = samplesFor(low, high);
  const queue = [...names];
  let done = 0;
  onProgress(0, names.length);
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      await sample(name);
      done += 1;
      onProgress(done, names.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_LOADS, names.length) }, worker));
}

function scheduleTone(ctx: AudioContext, output: AudioNode, midi: number, at: number, length: number, sound: Sound) {
  const gain = ctx.createGain();
  gain.connect(output);
  let source: AudioScheduledSourceNode;
  if (sound === 'piano') {
    const { name, rate } = sampleFor(midi);
    const buffer = loaded.get(name);
    const node = ctx.createBufferSource();
    if (buffer) node.buffer = buffer;
    node.playbackRate.value = rate;
    source = node;
    gain.gain.setValueAtTime(1, at);
  } else {
    const node = ctx.createOscillator();
    node.frequency.value = 440 * 2 ** ((midi - 69) / 12);
    source = node;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.6, at + 0.01);
  }
  gain.gain.setValueAtTime(sound === 'piano' ? 1 : 0.6, at + length);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length + RELEASE);
  source.connect(gain);
  source.start(at);
  source.stop(at + length + RELEASE + 0.02);
  soundingUntil = Math.max(soundingUntil, at + length + RELEASE);
  voices.add(source);
  source.onended = () => {
    voices.delete(source);
    gain.disconnect();
  };
}

/** Whether every sample of these notes is decoded and ready to play at once. */
export const samplesReady = (midis: readonly number[]) => midis.every((midi) => loaded.has(sampleFor(midi).name));

/**
 * Plays notes on the audio clock (a question's at LOOKAHEAD seconds from now, so both notes land exactly; a key's
 * at once, `immediate`). A piano note whose sample is not loaded yet is loaded and then played late rather than
 * never. Returns the notes' onsets on the audio clock; empty without audio.
 */
export function playNotes(
  notes: readonly NoteEvent[],
  sound: Sound,
  opts: { immediate?: boolean; eventTime?: number } = {},
): number[] {
  const ctx = startAudio();
  if (!ctx || !master) return [];
  const output = master;
  // One reading of the clock for the whole call: the notes' onsets and what the mark says they were scheduled at.
  const clock = ctx.currentTime;
  const base = clock + (opts.immediate ? 0 : LOOKAHEAD);
  return notes.map((note) => {
    const at = base + note.offset;
    const name = sampleFor(note.midi).name;
    if (sound === 'piano' && !loaded.has(name)) {
      void sample(name).then(
        () => scheduleTone(ctx, output, note.midi, Math.max(at, ctx.currentTime), note.length, sound),
        (error) => console.warn('sample unavailable', error),
      );
    } else {
      scheduleTone(ctx, output, note.midi, at, note.length, sound);
    }
    const mark: NoteMark = { midi: note.midi, at, contextTime: clock, eventTime: opts.eventTime ?? null };
    performance.mark(NOTE_MARK, { detail: mark });
    return at;
  });
}

/** Silences every note still sounding (a new question, or leaving the page). */
export function stopAll(): void {
  const at = context?.currentTime ?? 0;
  for (const voice of voices) {
    try {
      voice.stop(at);
    } catch {
      // Already stopped.
    }
  }
  voices.clear();
}

/** Whether a note of the piano still sounds: a microphone would hear it rather than the learner. */
export const pianoSounding = (): boolean => context !== null && context.currentTime < soundingUntil;

/**
 * The microphone's signal on the audio clock, for finding the pitch sung: an analyser on its stream, never sent to
 * the speakers. Null without audio.
 */
export function listenTo(stream: MediaStream): { analyser: AnalyserNode; sampleRate: number; close(): void } | null {
  const ctx = startAudio();
  if (!ctx) return null;
  const source = ctx.createMediaStreamSource(stream);
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 2048;
  source.connect(analyser);
  return {
    analyser,
    sampleRate: ctx.sampleRate,
    close: () => {
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
    },
  };
}
