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
static const unsigned char sw_js[] = {
#embed "sw.js"
};
static const unsigned char manifest_webmanifest[] = {
#embed "manifest.webmanifest"
};
static const unsigned char icon_svg[] = {
#embed "icon.svg"
};
// icon.svg drawn 148 px wide on #e8f1fd in a 180 px square by Chromium (`chromium --headless
// --window-size=180,180 --screenshot`), for iOS, which takes no SVG as a home-screen icon.
static const unsigned char apple_touch_icon_png[] = {
#embed "apple-touch-icon.png"
};

// The weather symbols, one per icon name (CloudyModels' WeatherIcon), drawn for Cloudy.
static const unsigned char weather_clear_day[] = {
#embed "weather/clear-day.svg"
};
static const unsigned char weather_clear_night[] = {
#embed "weather/clear-night.svg"
};
static const unsigned char weather_rain[] = {
#embed "weather/rain.svg"
};
static const unsigned char weather_snow[] = {
#embed "weather/snow.svg"
};
static const unsigned char weather_sleet[] = {
#embed "weather/sleet.svg"
};
static const unsigned char weather_wind[] = {
#embed "weather/wind.svg"
};
static const unsigned char weather_fog[] = {
#embed "weather/fog.svg"
};
static const unsigned char weather_cloudy[] = {
#embed "weather/cloudy.svg"
};
static const unsigned char weather_partly_cloudy_day[] = {
#embed "weather/partly-cloudy-day.svg"
};
static const unsigned char weather_partly_cloudy_night[] = {
#embed "weather/partly-cloudy-night.svg"
};

static const struct cloudy_web_asset assets[] = {
    {"app.js", "text/javascript; charset=utf-8", app_js, sizeof(app_js)},
    {"style.css", "text/css; charset=utf-8", style_css, sizeof(style_css)},
    {"openapi.json", "application/json", openapi_json, sizeof(openapi_json)},
    {"icon.svg", "image/svg+xml", icon_svg, sizeof(icon_svg)},
    {"apple-touch-icon.png", "image/png", apple_touch_icon_png, sizeof(apple_touch_icon_png)},
    {"sw.js", "text/javascript; charset=utf-8", sw_js, sizeof(sw_js)},
    {"manifest.webmanifest", "application/manifest+json", manifest_webmanifest,
     sizeof(manifest_webmanifest)},
    {"weather-clear-day.svg", "image/svg+xml", weather_clear_day, sizeof(weather_clear_day)},
    {"weather-clear-night.svg", "image/svg+xml", weather_clear_night, sizeof(weather_clear_night)},
    {"weather-rain.svg", "image/svg+xml", weather_rain, sizeof(weather_rain)},
    {"weather-snow.svg", "image/svg+xml", weather_snow, sizeof(weather_snow)},
    {"weather-sleet.svg", "image/svg+xml", weather_sleet, sizeof(weather_sleet)},
    {"weather-wind.svg", "image/svg+xml", weather_wind, sizeof(weather_wind)},
    {"weather-fog.svg", "image/svg+xml", weather_fog, sizeof(weather_fog)},
    {"weather-cloudy.svg", "image/svg+xml", weather_cloudy, sizeof(weather_cloudy)},
    {"weather-partly-cloudy-day.svg", "image/svg+xml", weather_partly_cloudy_day, sizeof(weather_partly_cloudy_day)},
    {"weather-partly-cloudy-night.svg", "image/svg+xml", weather_partly_cloudy_night, sizeof(weather_partly_cloudy_night)},
};

size_t cloudy_web_asset_count(void) { return sizeof(assets) / sizeof(assets[0]); }

const struct cloudy_web_asset *cloudy_web_asset_at(size_t index) {
  return index < cloudy_web_asset_count() ? &assets[index] : 0;
}
