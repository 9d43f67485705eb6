"""The en-us model's mixture weights as sphinxtrain's bw reads them, for adapt.ts.

Debian's model ships them compressed (sendump: one byte a weight, a log of base 1.0001 shifted
down); bw reads a "mixture_weights" file of float32s, [senone][stream][gaussian]. Sphinxtrain's
own converter (python/cmusphinx/sendump.py) is Python 2; this is it for Python 3, with no numpy.

    python3 mixw.py SENDUMP OUT
"""
import array
import math
import struct
import sys


def read_string(fh, fmt):
    size = struct.unpack(fmt[0], fh.read(4))[0]
    if size > 65536:  # the other byte order
        fmt[0] = "!I"
        size = struct.unpack(fmt[0], fh.read(4))[0]
    return None if size == 0 else fh.read(size)[:-1].decode("latin-1")


def main(sendump, out):
    fh = open(sendump, "rb")
    fmt = ["I"]
    read_string(fh, fmt)  # title
    header = {}
    while True:
        line = read_string(fh, fmt)
        if line is None:
            break
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            header[parts[0]] = int(parts[1])
    senones = header.get("mixture_count", 0)
    gaussians = header.get("model_count", 0)
    shift = header.get("mixw_shift", 10)
    streams = header.get("feature_count", 0)
    if header.get("cluster_count", 0) != 0:
        raise SystemExit("clustered sendump files are not supported")
    gaussians = struct.unpack(fmt[0], fh.read(4))[0]
    senones = struct.unpack(fmt[0], fh.read(4))[0]
    weight = [math.pow(1.0001, -(byte << shift)) for byte in range(256)]
    mixw = array.array("f", bytes(4 * senones * streams * gaussians))
    # The file holds one row of every senone's byte per stream and gaussian.
    for stream in range(streams):
        for gaussian in range(gaussians):
            for senone, byte in enumerate(fh.read(senones)):
                mixw[(senone * streams + stream) * gaussians + gaussian] = weight[byte]
    with open(out, "wb") as f:
        head = b"s3\nversion 1.0\n"
        pad = (len(head) + len(b"endhdr\n")) & 3  # the data starts on a 4-byte boundary
        f.write(head + (b" " * (4 - pad) if pad else b"") + b"endhdr\n")
        f.write(struct.pack("=i", 0x11223344))
        f.write(struct.pack("=IIII", senones, streams, gaussians, senones * streams * gaussians))
        f.write(mixw.tobytes())


main(sys.argv[1], sys.argv[2])
