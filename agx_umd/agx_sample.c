/* D3D's standard sample positions (agx_sample.h). */
#include <string.h>
#include "agx_sample.h"

static const int8_t agx_sample_positions_2[2][2] = {{4, 4}, {-4, -4}};
static const int8_t agx_sample_positions_4[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
static const int8_t agx_sample_positions_8[8][2] =
{
    {1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7},
};
static const int8_t agx_sample_positions_16[16][2] =
{
    {1, 1}, {-1, -3}, {-3, 2}, {4, -1}, {-5, -2}, {2, 5}, {5, 3}, {3, -5},
    {-2, 6}, {0, -7}, {-4, -6}, {-6, 4}, {-8, 0}, {7, -4}, {6, 7}, {-7, -8},
};

bool agx_sample_standard_position(uint32_t count, uint32_t index, int8_t position[2])
{
    const int8_t (*table)[2];

    switch (count)
    {
        case 2:
            table = agx_sample_positions_2;
            break;
        case 4:
            table = agx_sample_positions_4;
            break;
        case 8:
            table = agx_sample_positions_8;
            break;
        case 16:
            table = agx_sample_positions_16;
            break;
        default:
            return false;
    }
    if (index >= count)
        return false;
    memcpy(position, table[index], 2);
    return true;
}
