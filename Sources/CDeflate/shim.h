// zlib's deflate, for cloudy-web's gzip copies of its answers (see CloudyWeb's GzipEncoding).
#include <zlib.h>
