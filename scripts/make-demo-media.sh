#!/usr/bin/env bash
# Makes the demo course's media (committed under src/server/seed/media/) from ffmpeg's own test sources,
# so every file the project ships is its own. Needs ffmpeg (Debian: apt-get install ffmpeg); run from the
# repository root. The PDF of the File block is made at seed time by pdf-lib, not here.
set -euo pipefail
out=src/server/seed/media
mkdir -p "$out"
common=(-y -hide_banner -loglevel error)

# Two short episodes: VP8 video with a Vorbis tone, small enough to ship.
ffmpeg "${common[@]}" -f lavfi -i "testsrc2=size=480x270:rate=15:duration=6" \
  -f lavfi -i "sine=frequency=440:duration=6" -c:v libvpx -b:v 120k -c:a libvorbis -q:a 0 -shortest "$out/episode-sound.webm"
ffmpeg "${common[@]}" -f lavfi -i "mandelbrot=size=480x270:rate=15,trim=duration=6" \
  -f lavfi -i "sine=frequency=330:duration=6" -c:v libvpx -b:v 120k -c:a libvorbis -q:a 0 -shortest "$out/episode-waves.webm"

# A chord for the Audio block.
ffmpeg "${common[@]}" -f lavfi -i "sine=frequency=261.63:duration=4" -f lavfi -i "sine=frequency=329.63:duration=4" \
  -f lavfi -i "sine=frequency=392:duration=4" -filter_complex "amix=inputs=3,volume=2" -c:a libvorbis -q:a 1 "$out/chord.ogg"

# The waveform of a short tone for the Image block.
ffmpeg "${common[@]}" -f lavfi -i "sine=frequency=6:sample_rate=8000:duration=1" \
  -filter_complex "showwavespic=s=800x300:colors=0x1c7ed6" -frames:v 1 "$out/waveform.png"
ls -l "$out"
