/** Small real media files, made byte by byte: what the server reads a length from. */

/** A WAV of `seconds` of silence: 8 kHz, 8 bits, mono, its header written by hand. */
export function wav(seconds: number, rate = 8000): Buffer {
  const data = Buffer.alloc(seconds * rate, 128);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes a second
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** An MP4 video of `seconds` by its movie header (a silent video: no audio track), with `padding` bytes of data. */
export function mp4(seconds: number, padding = 20_000): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // time scale
  mvhd.writeUInt32BE(seconds * 1000, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  mvhd.writeUInt32BE(2, 96);
  const data = Buffer.from(Array.from({ length: padding }, (_, i) => (i * 31) % 256));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', data)]);
}
