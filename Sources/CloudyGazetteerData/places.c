#include "CloudyGazetteerData.h"
const unsigned char cloudy_gazetteer_places[] = {
#embed "places.tsv"
};
const size_t cloudy_gazetteer_places_size = sizeof(cloudy_gazetteer_places);
