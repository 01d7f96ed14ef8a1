using System;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

class Program
{
    static async Task Main()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.WebHost.ConfigureKestrel(options => options.AllowSynchronousIO = true);
        builder.Services.AddOutputCache(options => options.AddBasePolicy(policy => policy.Cache()));
        var app = builder.Build();
        app.UseOutputCache();
        var outcome = "";
        app.MapGet("/", async context =>
        {
            try
            {
                context.Response.Body.WriteByte((byte)'a');
                await context.Response.Body.WriteAsync(new byte[] { (byte)'b' });
                outcome = "WriteByte then WriteAsync: no exception";
            }
            catch (Exception e)
            {
                outcome = $"WriteByte then WriteAsync: {e.GetType().Name}: {e.Message}";
            }
        });
        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        using (var client = new HttpClient())
        {
            var body = await client.GetStringAsync(address);
            Console.WriteLine(outcome);
            Console.WriteLine($"client got: \"{body}\"");
        }
        await app.StopAsync();
    }
}
