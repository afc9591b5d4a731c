import { useEffect, useRef, useState } from 'react';
import { frequencyToMidi, MIN_CLARITY, PitchHold, VOICE_RANGE_HZ } from '../../../../shared/domain/eartraining/singing';
import { listenTo, pianoSounding, startAudio } from '../audio/instrument';

export type SingingStatus = 'off' | 'starting' | 'listening' | 'denied' | 'unsupported';

/**
 * Answers sung into the microphone: the pitch of each animation frame found by the McLeod pitch method (`pitchy`),
 * a note taken once it has held (shared/domain/eartraining/singing.ts) and handed to `onSung` (a MIDI note, not
 * rounded). Frames while the piano still sounds are skipped, so the question's own notes are never taken for an
 * answer. The microphone is asked for only when the learner turns singing on, and let go when she turns it off.
 */
export function useSinging(onSung: (midi: number) => void) {
  const supported = typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
  const [status, setStatus] = useState<SingingStatus>(supported ? 'off' : 'unsupported');
  const [heard, setHeard] = useState<number | null>(null);
  const latest = useRef(onSung);
  latest.current = onSung;
  const stopRef = useRef<(() => void) | null>(null);

  const stop = () => {
    stopRef.current?.();
    stopRef.current = null;
    setHeard(null);
    setStatus((current) => (current === 'unsupported' ? current : 'off'));
  };

  useEffect(() => () => stopRef.current?.(), []);

  const start = async () => {
    if (!supported || stopRef.current) return;
    setStatus('starting');
    startAudio();
    let stream: MediaStream;
    // The pitch detector loads with the first use of the microphone, not with the page.
    const pitchy = import('pitchy');
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
      });
    } catch (error) {
      console.warn('microphone refused', error);
      setStatus('denied');
      return;
    }
    const input = listenTo(stream);
    if (!input) {
      for (const track of stream.getTracks()) track.stop();
      setStatus('unsupported');
      return;
    }
    const samples = new Float32Array(input.analyser.fftSize);
    let detector: import('pitchy').PitchDetector<Float32Array>;
    try {
      detector = (await pitchy).PitchDetector.forFloat32Array(samples.length);
    } catch (error) {
      console.warn('pitch detector unavailable', error);
      input.close();
      setStatus('off');
      return;
    }
    const hold = new PitchHold();
    let frame = 0;
    let shown: number | null = null;
    const listen = (at: number) => {
      input.analyser.getFloatTimeDomainData(samples);
      const [hertz, clarity] = detector.findPitch(samples, input.sampleRate);
      const voiced =
        !pianoSounding() && clarity >= MIN_CLARITY && hertz >= VOICE_RANGE_HZ.low && hertz <= VOICE_RANGE_HZ.high;
      const midi = voiced ? frequencyToMidi(hertz) : null;
      const rounded = midi === null ? null : Math.round(midi);
      if (rounded !== shown) {
        shown = rounded;
        setHeard(rounded);
      }
      const taken = hold.push(midi, at);
      if (taken !== null && midi !== null) latest.current(midi);
      frame = requestAnimationFrame(listen);
    };
    frame = requestAnimationFrame(listen);
    stopRef.current = () => {
      cancelAnimationFrame(frame);
      input.close();
    };
    setStatus('listening');
  };

  return { status, heard, start, stop };
}
