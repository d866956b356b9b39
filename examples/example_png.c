/* PNG output for the examples, with Debian's libpng. */
#include <png.h>
#include <stdio.h>

#include "example_util.h"

int example_write_png(const char *path, unsigned int width, unsigned int height, const unsigned char *rgba)
{
    png_image image = {0};

    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_write_to_file(&image, path, 0, rgba, (png_int_32)(width * 4), NULL))
    {
        fprintf(stderr, "%s: %s\n", path, image.message);
        return 1;
    }
    return 0;
}
