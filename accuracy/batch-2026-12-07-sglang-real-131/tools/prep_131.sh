# Batch 131: make the tiny model (as batches av-129). Needs WORK and REPO; run with the venv's python first on PATH.
set -e
python $REPO/tools/real_engine/make_models.py $WORK/models/tiny-llama --arch llama --shard-size 300KB
ls -la $WORK/models/tiny-llama
# a 1 s, 16 kHz mono WAV of silence for the transcription request (audio action)
python -c "import wave; w=wave.open('$WORK/silence-1s.wav','wb'); w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000); w.writeframes(b'\0\0'*16000); w.close()"
ls -la $WORK/silence-1s.wav
