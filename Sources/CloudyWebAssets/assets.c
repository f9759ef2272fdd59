#include "CloudyWebAssets.h"

// The files cloudy-web serves, embedded at build time (C23 #embed) so the binary serves them
// from memory and from nowhere else. Edit the files beside this one; the build picks them up.
static const unsigned char app_js[] = {
#embed "app.js"
};
static const unsigned char style_css[] = {
#embed "style.css"
};
static const unsigned char openapi_json[] = {
#embed "openapi.json"
};
static const unsigned char icon_svg[] = {
#embed "icon.svg"
};

static const struct cloudy_web_asset assets[] = {
    {"app.js", "text/javascript; charset=utf-8", app_js, sizeof(app_js)},
    {"style.css", "text/css; charset=utf-8", style_css, sizeof(style_css)},
    {"openapi.json", "application/json", openapi_json, sizeof(openapi_json)},
    {"icon.svg", "image/svg+xml", icon_svg, sizeof(icon_svg)},
};

size_t cloudy_web_asset_count(void) { return sizeof(assets) / sizeof(assets[0]); }

const struct cloudy_web_asset *cloudy_web_asset_at(size_t index) {
  return index < cloudy_web_asset_count() ? &assets[index] : 0;
}
