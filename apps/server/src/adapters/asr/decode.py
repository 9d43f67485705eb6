"""Decodes one reading with Debian's pocketsphinx (python3-pocketsphinx), for pocketsphinx.ts.

Reads a JSON request on stdin: the raw audio (16 kHz, mono, 16-bit), the passage's dictionary
written by pocketsphinx.ts, and the passes to run (each a search graph (FSG) file, a frequency
warp, optionally how many seconds from the start to listen to, and optionally an MLLR transform
of the acoustic model made by adapt.ts). Prints one JSON list: per
pass, the best path's score and its segments (word, first and last frame). Everything about
what the path means is decided in TypeScript; this file only drives the library.
"""
import json
import sys

from pocketsphinx import Decoder

MODEL = "/usr/share/pocketsphinx/model/en-us"


def decode(request, audio, run):
    config = Decoder.default_config()
    config.set_string("-hmm", MODEL + "/en-us")
    config.set_string("-dict", request["dict"])
    config.set_string("-logfn", "/dev/null")
    # The pauses a young reader makes are part of the reading: keep every frame.
    config.set_boolean("-remove_silence", False)
    if run["warp"] != 1:
        config.set_string("-warp_type", "inverse_linear")
        config.set_string("-warp_params", str(run["warp"]))
    config.set_string("-fsg", run["fsg"])
    if run.get("mllr"):
        config.set_string("-mllr", run["mllr"])
    decoder = Decoder(config)
    decoder.start_utt()
    # 16 kHz, 2 bytes a sample: a pass may listen to the start only.
    limit = run.get("seconds")
    decoder.process_raw(audio[: int(limit * 32000)] if limit else audio, False, True)
    decoder.end_utt()
    hyp = decoder.hyp()
    return {
        "score": hyp.best_score if hyp else None,
        "segments": [
            [s.word, s.start_frame, s.end_frame] for s in decoder.seg()
        ] if hyp else [],
    }


def main():
    request = json.load(sys.stdin)
    with open(request["audio"], "rb") as f:
        audio = f.read()
    json.dump([decode(request, audio, run) for run in request["runs"]], sys.stdout)


main()
