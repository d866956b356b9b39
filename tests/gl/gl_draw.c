/*
 * Small OpenGL 3.3 core scenes for Mesa's d3d12 Gallium driver on this runtime
 * (tests/gl/run_gl.sh runs each on GALLIUM_DRIVER=d3d12 and on llvmpipe and compares):
 *   triangle  a triangle with a colour per vertex, interpolated, on a grey (51) window
 *   texture   an 8x8 texture (nearest filtering) on a quad of 32x32 pixels: 4x4 per texel
 *   integer   GLSL's / on negative ints (Mesa emits DXIL sdiv) and % per pixel of a quad
 *   blend     source-alpha blending, then additive blending, of quads on a clear colour
 *   depth     four overlapping primitives, LESS depth test, into a colour+depth framebuffer
 *   msaa      a triangle into a 4x multisampled framebuffer, resolved by glBlitFramebuffer
 *   compute   a compute shader writing a storage buffer (needs OpenGL 4.3): prints the
 *             buffer as text instead of a frame
 * The frame is read with glReadPixels and written as a binary PPM on stdout (gl_window.h).
 * Exit status 77 means the context lacks what the scene needs (it prints why).
 */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_window.h"

#include <GL/glext.h>

#define WIDTH GL_WINDOW_WIDTH
#define HEIGHT GL_WINDOW_HEIGHT

static const char *vertex_source =
    "#version 330 core\n"
    "layout(location = 0) in vec3 position;\n"
    "layout(location = 1) in vec4 colour;\n"
    "out vec4 v_colour;\n"
    "void main() { v_colour = colour; gl_Position = vec4(position, 1.0); }\n";

static const char *colour_source =
    "#version 330 core\n"
    "in vec4 v_colour;\n"
    "out vec4 target;\n"
    "void main() { target = v_colour; }\n";

/* The texture scene reuses the colour attribute's xy as texture coordinates. */
static const char *texture_source =
    "#version 330 core\n"
    "in vec4 v_colour;\n"
    "uniform sampler2D image;\n"
    "out vec4 target;\n"
    "void main() { target = texture(image, v_colour.xy); }\n";

/* a = (x - 32) * 7 + y, b = y % 5 - 2 (3 for 0): (a / b, |a| % 7 + 8, a) & 255 as UNORM.
 * GLSL leaves % of a negative operand undefined (Mesa computes it unsigned), so the
 * remainder is of |a|. */
static const char *integer_source =
    "#version 330 core\n"
    "out vec4 target;\n"
    "void main()\n"
    "{\n"
    "    ivec2 c = ivec2(gl_FragCoord.xy);\n"
    "    int a = (c.x - 32) * 7 + c.y, b = c.y % 5 - 2;\n"
    "    if (b == 0) b = 3;\n"
    "    target = vec4(vec3(ivec3(a / b, abs(a) % 7 + 8, a) & 255) / 255.0, 1.0);\n"
    "}\n";

static const char *compute_source =
    "#version 430 core\n"
    "layout(local_size_x = 16) in;\n"
    "layout(std430, binding = 0) buffer result { uint values[]; };\n"
    "void main() { uint i = gl_GlobalInvocationID.x; values[i] = i * 3u + 1u + (values[i] << 8); }\n";

static GLuint compile(GLenum type, const char *source)
{
    GLuint shader = glCreateShader(type);
    char log[1024];
    GLint ok;

    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok)
    {
        glGetShaderInfoLog(shader, sizeof(log), NULL, log);
        fprintf(stderr, "gl_draw: shader compilation failed: %s\n", log);
        exit(1);
    }
    return shader;
}

static GLuint link_program(const char *vertex, const char *fragment, const char *compute)
{
    GLuint program = glCreateProgram();
    char log[1024];
    GLint ok;

    if (compute)
        glAttachShader(program, compile(GL_COMPUTE_SHADER, compute));
    else
    {
        glAttachShader(program, compile(GL_VERTEX_SHADER, vertex));
        glAttachShader(program, compile(GL_FRAGMENT_SHADER, fragment));
    }
    glLinkProgram(program);
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok)
    {
        glGetProgramInfoLog(program, sizeof(log), NULL, log);
        fprintf(stderr, "gl_draw: program link failed: %s\n", log);
        exit(1);
    }
    glUseProgram(program);
    return program;
}

/* Vertices: x y z, r g b a. */
struct vertex
{
    float position[3], colour[4];
};

static void draw(GLenum mode, const struct vertex *vertices, GLsizei count)
{
    static GLuint array, buffer;

    if (!array)
    {
        glGenVertexArrays(1, &array);
        glBindVertexArray(array);
        glGenBuffers(1, &buffer);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct vertex), (void *)0);
        glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(struct vertex), (void *)(3 * sizeof(float)));
        glEnableVertexAttribArray(0);
        glEnableVertexAttribArray(1);
    }
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(count * sizeof(*vertices)), vertices, GL_STREAM_DRAW);
    glDrawArrays(mode, 0, count);
}

/* A quad of one colour (a triangle strip) from (x0, y0) to (x1, y1) at depth z. */
static void quad(float x0, float y0, float x1, float y1, float z, float r, float g, float b, float a)
{
    const struct vertex v[4] =
    {
        {{x0, y0, z}, {r, g, b, a}}, {{x1, y0, z}, {r, g, b, a}},
        {{x0, y1, z}, {r, g, b, a}}, {{x1, y1, z}, {r, g, b, a}},
    };

    draw(GL_TRIANGLE_STRIP, v, 4);
}

/* A framebuffer object of RGBA8 (and 24-bit depth) with `samples` samples (0: none). */
static GLuint framebuffer(GLsizei samples, int depth)
{
    GLuint fbo, colour, z;

    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(1, &colour);
    glBindRenderbuffer(GL_RENDERBUFFER, colour);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, WIDTH, HEIGHT);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
    if (depth)
    {
        glGenRenderbuffers(1, &z);
        glBindRenderbuffer(GL_RENDERBUFFER, z);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, WIDTH, HEIGHT);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, z);
    }
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    {
        fprintf(stderr, "gl_draw: framebuffer (%d samples) incomplete\n", (int)samples);
        exit(1);
    }
    return fbo;
}

static void scene_triangle(void)
{
    static const struct vertex v[3] =
    {
        {{-0.8f, -0.7f, 0.0f}, {1.0f, 0.0f, 0.0f, 1.0f}},
        {{0.7f, -0.5f, 0.0f}, {0.0f, 1.0f, 0.0f, 1.0f}},
        {{-0.1f, 0.8f, 0.0f}, {0.0f, 0.0f, 1.0f, 1.0f}},
    };

    link_program(vertex_source, colour_source, NULL);
    glClearColor(0.2f, 0.2f, 0.2f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    draw(GL_TRIANGLES, v, 3);
}

/* Texel (x, y): red x * 32, green y * 32, blue 255 on odd squares of the checkerboard. */
static void scene_texture(void)
{
    /* Pixels 16..48 by 8..40: NDC x = px / 32 - 1, y = py / 24 - 1. */
    const struct vertex v[4] =
    {
        {{-0.5f, -2.0f / 3.0f, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}}, {{0.5f, -2.0f / 3.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}},
        {{-0.5f, 2.0f / 3.0f, 0.0f}, {0.0f, 1.0f, 0.0f, 0.0f}}, {{0.5f, 2.0f / 3.0f, 0.0f}, {1.0f, 1.0f, 0.0f, 0.0f}},
    };
    unsigned char texels[8 * 8 * 4];
    GLuint texture;
    int x, y;

    for (y = 0; y < 8; ++y)
    {
        for (x = 0; x < 8; ++x)
        {
            texels[(y * 8 + x) * 4 + 0] = (unsigned char)(x * 32);
            texels[(y * 8 + x) * 4 + 1] = (unsigned char)(y * 32);
            texels[(y * 8 + x) * 4 + 2] = (x ^ y) & 1 ? 255 : 0;
            texels[(y * 8 + x) * 4 + 3] = 255;
        }
    }
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    link_program(vertex_source, texture_source, NULL);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    draw(GL_TRIANGLE_STRIP, v, 4);
}

static void scene_integer(void)
{
    link_program(vertex_source, integer_source, NULL);
    quad(-1.0f, -1.0f, 1.0f, 1.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f);
}

/* On (0.2, 0.5, 0.6): red at alpha 0.25 over the left half (SRC_ALPHA, ONE_MINUS_SRC_ALPHA),
 * green 0.25 added on the right half (ONE, ONE). */
static void scene_blend(void)
{
    link_program(vertex_source, colour_source, NULL);
    glClearColor(0.2f, 0.5f, 0.6f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    quad(-1.0f, -1.0f, 0.0f, 1.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.25f);
    glBlendFunc(GL_ONE, GL_ONE);
    quad(0.0f, -1.0f, 1.0f, 1.0f, 0.0f, 0.0f, 0.25f, 0.0f, 0.0f);
    glDisable(GL_BLEND);
}

/* Red everywhere at z 0.5; a green triangle nearer (-0.2); blue on the left half behind
 * both (0.8, hidden); yellow on the lower half at 0.0 (over red, under green). */
static void scene_depth(void)
{
    static const struct vertex v[3] =
    {
        {{-0.6f, -0.8f, -0.2f}, {0.0f, 1.0f, 0.0f, 1.0f}},
        {{0.7f, -0.3f, -0.2f}, {0.0f, 1.0f, 0.0f, 1.0f}},
        {{0.1f, 0.9f, -0.2f}, {0.0f, 1.0f, 0.0f, 1.0f}},
    };

    framebuffer(0, 1);
    link_program(vertex_source, colour_source, NULL);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    quad(-1.0f, -1.0f, 1.0f, 1.0f, 0.5f, 1.0f, 0.0f, 0.0f, 1.0f);
    draw(GL_TRIANGLES, v, 3);
    quad(-1.0f, -1.0f, 0.0f, 1.0f, 0.8f, 0.0f, 0.0f, 1.0f, 1.0f);
    quad(-1.0f, -1.0f, 1.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f, 1.0f);
    glDisable(GL_DEPTH_TEST);
}

/* A white triangle on black, 4 samples a pixel, resolved into a single-sampled framebuffer. */
static void scene_msaa(void)
{
    static const struct vertex v[3] =
    {
        {{-0.9f, -0.8f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f}},
        {{0.8f, -0.6f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f}},
        {{-0.3f, 0.9f, 0.0f}, {1.0f, 1.0f, 1.0f, 1.0f}},
    };
    GLuint multisampled, resolved;
    GLint samples = 0;

    glGetIntegerv(GL_MAX_SAMPLES, &samples);
    if (samples < 4)
    {
        fprintf(stderr, "gl_draw: GL_MAX_SAMPLES is %d, below 4\n", samples);
        exit(77);
    }
    resolved = framebuffer(0, 0);
    multisampled = framebuffer(4, 0);
    link_program(vertex_source, colour_source, NULL);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    draw(GL_TRIANGLES, v, 3);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampled);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved);
    glBlitFramebuffer(0, 0, WIDTH, HEIGHT, 0, 0, WIDTH, HEIGHT, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, resolved);
}

/* 64 values, each (i << 8 seeded) rewritten as i * 3 + 1 + (seed << 8); printed one a line. */
static int scene_compute(void)
{
    GLuint values[64], buffer;
    GLint major = 0, minor = 0;
    unsigned int i;

    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    if (major * 10 + minor < 43)
    {
        fprintf(stderr, "gl_draw: OpenGL %d.%d has no compute shaders (4.3 needed)\n", major, minor);
        return 77;
    }
    for (i = 0; i < 64; ++i)
        values[i] = 64 - i;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof(values), values, GL_DYNAMIC_COPY);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
    link_program(NULL, NULL, compute_source);
    glDispatchCompute(4, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    memset(values, 0, sizeof(values));
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(values), values);
    for (i = 0; i < 64; ++i)
        printf("%u\n", values[i]);
    return 0;
}

int main(int argc, char **argv)
{
    static const char *const scenes[] = {"triangle", "texture", "integer", "blend", "depth", "msaa", "compute"};
    static unsigned char rgb[WIDTH * HEIGHT * 3];
    struct gl_window w;
    unsigned int scene;
    int rc = 0;

    for (scene = 0; argc == 2 && scene < sizeof(scenes) / sizeof(scenes[0]); ++scene)
        if (!strcmp(argv[1], scenes[scene]))
            break;
    if (argc != 2 || scene == sizeof(scenes) / sizeof(scenes[0]))
    {
        fprintf(stderr, "usage: %s triangle|texture|integer|blend|depth|msaa|compute > frame.ppm\n", argv[0]);
        return 2;
    }
    if (gl_window_open(&w, "gl_draw", 1))
        return 1;
    switch (scene)
    {
        case 0: scene_triangle(); break;
        case 1: scene_texture(); break;
        case 2: scene_integer(); break;
        case 3: scene_blend(); break;
        case 4: scene_depth(); break;
        case 5: scene_msaa(); break;
        case 6: rc = scene_compute(); break;
    }
    if (scene != 6)
    {
        /* depth and msaa end with their framebuffer object bound. */
        glReadBuffer(scene == 4 || scene == 5 ? GL_COLOR_ATTACHMENT0 : GL_BACK);
        gl_window_read_back_buffer(rgb);
        gl_window_write_ppm(rgb);
    }
    if (glGetError() != GL_NO_ERROR)
    {
        fprintf(stderr, "gl_draw: a GL error was raised\n");
        rc = 1;
    }
    fflush(stdout);
    gl_window_close(&w);
    return rc;
}
