#include <stddef.h>
/// The gazetteer's places file, embedded at build time (see places.c).
extern const unsigned char cloudy_gazetteer_places[];
extern const size_t cloudy_gazetteer_places_size;
