#ifndef CLOUDY_WEB_ASSETS_H
#define CLOUDY_WEB_ASSETS_H
#include <stddef.h>

/// One file built into cloudy-web (see assets.c): its name under /static/, its media type and
/// its bytes.
struct cloudy_web_asset {
  const char *name;
  const char *media_type;
  const unsigned char *bytes;
  size_t size;
};

size_t cloudy_web_asset_count(void);
/// NULL past the end.
const struct cloudy_web_asset *cloudy_web_asset_at(size_t index);

#endif
