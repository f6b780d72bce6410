#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/samplefmt.h>

/* Values Swift cannot import from function-like macros, and the majors these headers describe: the struct layouts
   soundkit reads are those of these majors, so a library of another major is refused (FFmpeg.swift). */
enum {
    SOUNDKIT_AVERROR_EOF = AVERROR_EOF,
    SOUNDKIT_AVERROR_EAGAIN = AVERROR(EAGAIN),
    SOUNDKIT_AVERROR_INVALIDDATA = AVERROR_INVALIDDATA,
    SOUNDKIT_AVFORMAT_MAJOR = LIBAVFORMAT_VERSION_MAJOR,
    SOUNDKIT_AVCODEC_MAJOR = LIBAVCODEC_VERSION_MAJOR,
    SOUNDKIT_AVUTIL_MAJOR = LIBAVUTIL_VERSION_MAJOR,
};
