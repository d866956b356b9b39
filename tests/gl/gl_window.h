/*
 * What the GL test programs share (tests/gl/run_gl.sh): a 64x48 X window with a GLX
 * context current on it, the frame read back, and the frame written as a binary PPM on
 * stdout, top row first, for the script to compare between Gallium drivers.
 */
#ifndef GL_WINDOW_H
#define GL_WINDOW_H

#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>

#define GL_WINDOW_WIDTH 64
#define GL_WINDOW_HEIGHT 48

struct gl_window
{
    Display *display;
    Window window;
    XVisualInfo *visual;
    GLXContext context;
};

/* A double-buffered RGB8 window and a context: core profile 3.3 when core is set (for
 * shaders), a legacy one otherwise. Prints why on stderr and returns -1 on failure. */
int gl_window_open(struct gl_window *w, const char *program, int core);
void gl_window_close(struct gl_window *w);

/* The back buffer through glReadPixels (rows flipped to the window's order), RGB. */
void gl_window_read_back_buffer(unsigned char *rgb);
/* The pixels the X server holds after glXSwapBuffers (no GL read path), RGB. */
int gl_window_read_presented(struct gl_window *w, unsigned char *rgb);
void gl_window_write_ppm(const unsigned char *rgb);

#endif
